// Save where no file beside the notebook can be reached: a Voilà page shows no files, and
// a JupyterLite page with no service worker (one served over plain HTTP from a LAN
// address, which the browser does not count as a secure context) keeps what its kernel
// writes out of the file browser. There "Save" asks Python for the save itself and the
// browser downloads it. Only this side can tell: the kernel runs alike everywhere, but
// every Voilà template marks its page's body with data-voila, a JupyterLite page's
// config script has data-jupyter-lite-root, and only a page knows its service worker.

/** Whether this board is drawn in a Voilà page. */
export function underVoila(doc = globalThis.document) {
  return doc?.body?.hasAttribute?.("data-voila") === true;
}

/** Whether a JupyterLite page runs without the service worker that lets its kernel's files
 * reach the file browser. */
export function liteWithoutFiles(doc = globalThis.document, nav = globalThis.navigator) {
  const lite = doc?.querySelector?.("script[data-jupyter-lite-root]");
  return Boolean(lite) && !nav?.serviceWorker?.controller;
}

/** Whether Save must download: nothing written beside the notebook would be seen. */
export function savesDownload(doc = globalThis.document, nav = globalThis.navigator) {
  return underVoila(doc) || liteWithoutFiles(doc, nav);
}

/** Python's `{type: "download", name, text}`, checked: the file's name and its text,
 * or null for any other message. */
export function downloadOf(content) {
  if (content?.type !== "download") return null;
  const { name, text } = content;
  if (typeof name !== "string" || typeof text !== "string") return null;
  if (!/^[\w.-]+\.pondsave\.json$/.test(name)) return null;  // a plain file name only
  return { name, text };
}

/** Hand `text` to the browser as a download named `name`: a Blob behind a one-off
 * <a download>, clicked. */
export function offerDownload({ name, text }, doc = globalThis.document) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely started the download (a revoke in the same task
  // can cancel it in some browsers); unref: Node's tests need not wait for it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)?.unref?.();
}

/** One board view's downloads: only the view whose Save was pressed downloads, once,
 * even when the board shows in two outputs of the page (Python sends to every view). */
export function downloads(doc = globalThis.document, nav = globalThis.navigator) {
  let asked = false;
  return {
    /** Save was pressed here: whether to ask for a download (savesDownload). */
    ask() {
      asked = savesDownload(doc, nav);
      return asked;
    },
    /** A custom message from Python: whether it was a download (offered if asked). */
    receive(content) {
      const file = downloadOf(content);
      if (!file) return false;
      if (asked) {
        asked = false;
        offerDownload(file, doc);
      }
      return true;
    },
  };
}
