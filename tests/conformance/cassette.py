"""Writes one response body of a recorded HTTP exchange (a cassette) inside a source distribution.

Usage: cassette.py SDIST MEMBER INDEX OUT
MEMBER is the cassette's path in the sdist, `%20` standing for a space; INDEX counts from 0. Two
formats are read:
- LangChain's (`*.yaml.gz`): gzipped YAML whose `responses:` list holds each body base64-encoded
  under `string: !!binary`;
- vcrpy's (`*.yaml`): YAML whose `interactions` each hold a `response`, its body under `string:` as
  text or as `!!binary` bytes, and those gzipped when the response's `Content-Encoding` says so.
The body is written to OUT byte for byte, as the server sent it (decompressed).
"""

import base64
import gzip
import re
import sys
import tarfile
from urllib.parse import unquote

import yaml


def langchain(raw, index):
    text = gzip.decompress(raw).decode()
    responses = text[text.index("\nresponses:\n"):]
    bodies = re.findall(r"^- body:\n    string: !!binary \|\n((?:      .*\n)+)", responses, re.M)
    return base64.b64decode("".join(bodies[index].split()))


def vcrpy(raw, index):
    response = yaml.safe_load(raw)["interactions"][index]["response"]
    body = response["body"]["string"]
    body = body.encode() if isinstance(body, str) else body
    headers = {name.lower(): value for name, value in (response.get("headers") or {}).items()}
    if "gzip" in (headers.get("content-encoding") or []):
        body = gzip.decompress(body)
    return body


def main():
    sdist, member, index, out = sys.argv[1:]
    member = unquote(member)
    with tarfile.open(sdist) as tar:
        raw = tar.extractfile(member).read()
    read = langchain if member.endswith(".yaml.gz") else vcrpy
    with open(out, "wb") as file:
        file.write(read(raw, int(index)))


if __name__ == "__main__":
    main()
