#!/usr/bin/env python3
"""Fails on a broken relative link in the docs: README.md, CONTRIBUTING.md and docs/**/*.md.

Each relative link's target must exist (a file or a folder, relative to the file that
links to it), and a `#anchor` into a Markdown file must name one of its headings (as
GitHub makes anchors from headings) or an explicit `<a id="...">`. Links to other sites
(`https:`, `mailto:`...) are not followed. Code blocks and code spans are not read.

Usage: scripts/check-doc-links.py [file.md ...]   (default: every doc of the repository)
Python 3 standard library only.
"""

import re
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)[\s\S]*?(?<!`)\1(?!`)")
# [text](target "title") and ![alt](target); the text may hold one level of brackets
# and run over several lines.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^()]*\)))?\s*\)"
)
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)", re.MULTILINE)
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']*)[\"']", re.IGNORECASE)
HTML_ANCHOR = re.compile(r"<a\b[^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
EXTERNAL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//)")


def without_code(text):
    """The text with fenced blocks and code spans blanked out, line breaks kept."""
    lines = text.split("\n")
    fence = None
    for i, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            lines[i] = ""
        elif fence is not None:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
            lines[i] = ""
    text = "\n".join(lines)
    return CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link keeps its text
    text = text.replace("`", "").strip().lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in " -_" or category[0] in "LMN":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(path, cache={}):
    """Every anchor a Markdown file offers: its headings' slugs (repeats numbered) and ids."""
    if path not in cache:
        text = path.read_text(encoding="utf-8")
        found, seen = set(), {}
        lines = without_code(text).split("\n")
        raw = text.split("\n")
        for i, line in enumerate(lines):
            heading = None
            match = ATX_HEADING.match(line)
            if match:
                heading = raw[i].strip().lstrip("#").strip().rstrip("#").strip()
            elif (
                i > 0
                and SETEXT_UNDERLINE.match(line)
                and lines[i - 1].strip()
                and not ATX_HEADING.match(lines[i - 1])
                and (line.strip()[0] == "=" or not lines[i - 1].lstrip().startswith(("-", "*", "|")))
            ):
                heading = raw[i - 1].strip()
            if heading is not None:
                base = slug(heading)
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        found.update(HTML_ANCHOR.findall(text))
        cache[path] = found
    return cache[path]


def links(text):
    """(line number, target) of every link in a Markdown text."""
    clean = without_code(text)
    for pattern in (INLINE_LINK, REFERENCE_DEFINITION, HTML_LINK):
        for match in pattern.finditer(clean):
            target = match.group(1).strip()
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1].strip()
            yield clean.count("\n", 0, match.start(1)) + 1, target


def problems(doc):
    text = doc.read_text(encoding="utf-8")
    for line, target in links(text):
        if not target or EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        path_part = unquote(path_part.split("?", 1)[0])
        anchor = unquote(anchor)
        if path_part:
            if path_part.startswith("/"):
                resolved = (ROOT / path_part.lstrip("/")).resolve()
            else:
                resolved = (doc.parent / path_part).resolve()
        else:
            resolved = doc.resolve()
        where = f"{doc.relative_to(ROOT)}:{line}"
        if not resolved.exists():
            yield f"{where}: {target}: no such file"
            continue
        if anchor and resolved.is_file() and resolved.suffix.lower() == ".md":
            if anchor not in anchors(resolved):
                yield f"{where}: {target}: no heading makes the anchor #{anchor}"


def main(arguments):
    if arguments:
        docs = [Path(a).resolve() for a in arguments]
    else:
        docs = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
        docs += sorted((ROOT / "docs").rglob("*.md"))
        docs = [d for d in docs if d.exists()]
    broken = [p for doc in docs for p in problems(doc)]
    for problem in broken:
        print(problem)
    if broken:
        print(f"check-doc-links: {len(broken)} broken link(s) in {len(docs)} file(s)")
        return 1
    print(f"check-doc-links: every relative link resolves in {len(docs)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
