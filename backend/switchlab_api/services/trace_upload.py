"""An uploaded trace's bytes as the files the core reads (docs/api.md, "Traces").

Accepted: one plain rank file; the same gzip'd; one tar, tar.gz or zip archive holding the index
file and its rank files. Everything here happens BEFORE the core sees a byte, and refuses with
the API's error envelope naming the file:
- gzip: the declared size (the trailer's ISIZE) and then the actual size while decompressing in
  chunks, stopping at the limit (a gzip bomb costs at most the limit plus one chunk);
- archives: members with absolute paths, `..`, backslashes, links, devices or fifos, the same name
  twice, more files than the core reads, declared sizes over the limit, and again the actual sizes
  while reading each member;
- text that is not UTF-8.
The limits are the core's (switchlab_core.trace_limits(): files, total bytes); the API only adds
the transport limit on the compressed upload (SWITCHLAB_MAX_TRACE_UPLOAD_BYTES, checked by the body
size middleware before this runs).
"""

from __future__ import annotations

import io
import posixpath
import stat
import tarfile
import zipfile
import zlib
from dataclasses import dataclass

from ..http.errors import ApiError

GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
CHUNK = 1 << 16
# A tar stream carries a 512-byte header per member (two for long names) and pads each to 512
# bytes, plus its end blocks: allowed on top of the files' own bytes while gunzipping a tar.gz.
TAR_OVERHEAD_PER_FILE = 1536
# Folders in an archive (skipped, never files): enough for any layout of an index and its ranks.
MAX_FOLDERS = 64
INVALID_TRACE = "invalid_trace"


@dataclass(frozen=True)
class Limits:
    max_files: int
    max_bytes: int  # the text of all files together, uncompressed


def _refuse(status: int, where: str, message: str, allowed: str | None = None) -> ApiError:
    return ApiError(status, message, field=where, allowed=allowed,
                    code=INVALID_TRACE if status == 422 else None)


def _too_big(where: str, what: str, limits: Limits) -> ApiError:
    return _refuse(413, where, f"{what} more than {limits.max_bytes:,} bytes uncompressed",
                   allowed=f"at most {limits.max_bytes:,} bytes of trace text in all (the core's trace limit)")


def gunzip(data: bytes, where: str, limit: int, limits: Limits) -> bytes:
    """The gzip stream's content (concatenated members too), never more than `limit` bytes."""
    if len(data) >= 18:
        declared = int.from_bytes(data[-4:], "little")  # ISIZE: the last member's size mod 2**32
        if declared > limit:
            raise _too_big(where, f"declares {declared:,} bytes of content:", limits)
    out = bytearray()
    rest = data
    while rest:
        d = zlib.decompressobj(wbits=31)
        pending = rest
        try:
            while pending and not d.eof:
                out += d.decompress(pending, CHUNK)
                if len(out) > limit:
                    raise _too_big(where, "decompresses to", limits)
                pending = d.unconsumed_tail
        except zlib.error as exc:
            raise _refuse(422, where, f"is not a valid gzip stream ({exc})", allowed="a gzip file (.gz)") from None
        if not d.eof:
            raise _refuse(422, where, "gzip stream ends early (truncated file?)", allowed="a complete gzip file")
        rest = d.unused_data
    return bytes(out)


def _member_name(archive: str, raw: str) -> str:
    """A member's name as the core sees it (a relative path); refuses path tricks."""
    where = f"{archive}: {raw}"
    if raw.startswith("/") or "\\" in raw or (len(raw) > 1 and raw[1] == ":"):
        raise _refuse(422, where, "is an absolute or non-POSIX path", allowed="relative paths inside the archive")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in raw):
        raise _refuse(422, where.encode("unicode_escape").decode(), "has a control character in its name",
                      allowed="printable file names")
    if ".." in raw.split("/"):
        raise _refuse(422, where, "leaves the archive ('..')", allowed="relative paths inside the archive")
    name = posixpath.normpath(raw)
    if name in (".", ""):
        raise _refuse(422, where, "has no name", allowed="relative paths inside the archive")
    return name


class _Collector:
    """The files of an archive, checked one by one as they are read."""

    def __init__(self, archive: str, limits: Limits):
        self.archive, self.limits = archive, limits
        self.files: dict[str, str] = {}
        self.folders = 0
        self.total = 0

    def folder(self) -> None:
        self.folders += 1
        if self.folders > MAX_FOLDERS:
            raise _refuse(422, self.archive, f"has more than {MAX_FOLDERS} folders",
                          allowed=f"at most {MAX_FOLDERS} folders")

    def name(self, raw: str) -> str:
        name = _member_name(self.archive, raw)
        if name in self.files:
            raise _refuse(422, f"{self.archive}: {name}", "is in the archive twice", allowed="each file once")
        if len(self.files) >= self.limits.max_files:
            raise _refuse(422, self.archive, f"has more than {self.limits.max_files} files",
                          allowed=f"at most {self.limits.max_files} files (the core's trace limit)")
        return name

    def declared(self, name: str, size: int) -> None:
        if self.total + size > self.limits.max_bytes:
            raise _too_big(f"{self.archive}: {name}", f"declares {size:,} bytes, which brings the archive to",
                           self.limits)

    def add(self, name: str, stream: io.BufferedIOBase) -> None:
        left = self.limits.max_bytes - self.total
        data = bytearray()
        while chunk := stream.read(min(CHUNK, left + 1 - len(data))):
            data += chunk
            if len(data) > left:
                raise _too_big(f"{self.archive}: {name}", "holds more than it declares; the archive exceeds",
                               self.limits)
        self.total += len(data)
        self.files[name] = text(f"{self.archive}: {name}", bytes(data))


def _untar(data: bytes, archive: str, limits: Limits) -> dict[str, str]:
    c = _Collector(archive, limits)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tf:
            for m in tf:
                if m.isdir():
                    c.folder()
                    continue
                name = c.name(m.name)
                if not m.isreg():
                    kind = "a link" if (m.issym() or m.islnk()) else "a device or fifo"
                    raise _refuse(422, f"{archive}: {name}", f"is {kind}", allowed="regular files and folders")
                c.declared(name, m.size)
                stream = tf.extractfile(m)
                assert stream is not None  # a regular member
                c.add(name, stream)
    except tarfile.TarError as exc:
        raise _refuse(422, archive, f"is not a readable tar archive ({exc})", allowed="a tar or tar.gz archive") from None
    return c.files


def _unzip(data: bytes, archive: str, limits: Limits) -> dict[str, str]:
    c = _Collector(archive, limits)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
            for info in infos:
                if info.is_dir():
                    c.folder()
                    continue
                name = c.name(info.filename)
                mode = info.external_attr >> 16
                if stat.S_IFMT(mode) not in (0, stat.S_IFREG):
                    kind = "a link" if stat.S_ISLNK(mode) else "a device or fifo"
                    raise _refuse(422, f"{archive}: {name}", f"is {kind}", allowed="regular files and folders")
                if info.flag_bits & 0x1:
                    raise _refuse(422, f"{archive}: {name}", "is encrypted", allowed="unencrypted files")
                c.declared(name, info.file_size)
                with zf.open(info) as stream:
                    c.add(name, stream)  # type: ignore[arg-type]
    except (zipfile.BadZipFile, NotImplementedError, EOFError, zlib.error) as exc:
        raise _refuse(422, archive, f"is not a readable zip archive ({exc})",
                      allowed="a zip archive (stored or deflated)") from None
    return c.files


def _is_tar(data: bytes) -> bool:
    return data[257:262] == b"ustar"


def text(where: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refuse(422, where, f"is not text: byte {exc.start} is not UTF-8",
                      allowed="a SimGrid time-independent trace (text)") from None


def unpack(data: bytes, name: str, limits: Limits) -> dict[str, str]:
    """{file name: text} of an upload named `name`; the format is read from the bytes, not the name."""
    if data.startswith(ZIP_MAGIC):
        return _unzip(data, name, limits)
    inner = name
    if data.startswith(GZIP_MAGIC):
        # A tar.gz may hold up to max_files tar headers beside the text.
        data = gunzip(data, name, limits.max_bytes + TAR_OVERHEAD_PER_FILE * (limits.max_files + MAX_FOLDERS + 2),
                      limits)
        inner = name.removesuffix(".gz")
    if _is_tar(data):
        return _untar(data, name, limits)
    if len(data) > limits.max_bytes:
        raise _too_big(name, "holds", limits)
    return {inner: text(name, data)}
