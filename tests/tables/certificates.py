"""A certificate for the classroom's HTTPS tests, made with openssl as the README tells a
teacher to make one: self-signed, for the names the test's browser or client uses."""

from __future__ import annotations

import base64
import hashlib
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest


def make(folder: Path, name: str = "classroom.test") -> tuple[Path, Path]:
    """(certificate, key) for ``name`` and 127.0.0.1, in ``folder``."""
    if shutil.which("openssl") is None:
        pytest.fail("openssl is missing: bash tests/dev.sh test installs it")
    cert, key = folder / "classroom.crt", folder / "classroom.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
                    "-addext", f"subjectAltName=DNS:{name},IP:127.0.0.1"],
                   check=True, capture_output=True)
    return cert, key


def spki(cert: Path) -> str:
    """The certificate's public key digest, as Chromium's
    ``--ignore-certificate-errors-spki-list`` takes it: the browser then trusts it as a
    school's own certificate would be trusted (a certificate error, even one clicked
    through, would keep the service worker out)."""
    der = ssl.PEM_cert_to_DER_cert(cert.read_text())
    public = subprocess.run(["openssl", "x509", "-inform", "der", "-pubkey", "-noout"],
                            input=der, check=True, capture_output=True).stdout
    key = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public,
                         check=True, capture_output=True).stdout
    return base64.b64encode(hashlib.sha256(key).digest()).decode()
