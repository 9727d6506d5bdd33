// Bundles each game's front end into pondwidgets/static/: <game>.js (the game's ES
// module, sent once per kernel in a Bundle widget) and <game>.css, and loader.js (every
// board's anywidget _esm, which loads its game's bundle). The bundles are committed, so
// the output must be byte-stable: no source maps, no absolute paths, no timestamps.
// `node build.mjs DIR` writes to DIR instead (the freshness test builds into a temporary
// folder and compares).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The games are listed once, in the registry (pondwidgets/games.json).
const registry = new URL("../pondwidgets/games.json", import.meta.url);
const GAMES = JSON.parse(readFileSync(registry, "utf8")).games.map((game) => game.name);
const outdir = process.argv[2] ?? "../pondwidgets/static";
const common = {
  absWorkingDir: fileURLToPath(new URL(".", import.meta.url)),
  bundle: true,
  minify: true,
  legalComments: "none",
  logLevel: "info",
};

// Every board's _esm: the loader that fetches its game's bundle (js/shared/loader.js).
await build({
  ...common,
  entryPoints: ["shared/loader.js"],
  outfile: `${outdir}/loader.js`,
  format: "esm",
  target: "es2020",
});

for (const game of GAMES) {
  await build({
    ...common,
    entryPoints: [`${game}/index.js`],
    outfile: `${outdir}/${game}.js`,
    format: "esm",
    target: "es2020",
  });
  await build({
    ...common,
    entryPoints: [`${game}/index.css`],
    outfile: `${outdir}/${game}.css`,
  });
}
