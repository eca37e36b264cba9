"""``/docs/bot-api/``: the bot protocol's reference, ``docs/bot-api.md``, as a page of the site
(issue 13; the bot page links here, since a site visitor cannot open a repository path).

The page renders the one file in the repository, never a copy of its text: markdown-it-py in
CommonMark mode with tables and raw HTML turned off (any ``<tag>`` in the file is shown as
text, and link targets other than http(s), mailto and relative ones are dropped by
markdown-it's link check), so the page cannot carry script or style into the site (CSP).
The rendered HTML is cached per process and file modification time.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.shortcuts import render
from django.utils.safestring import mark_safe

#: The protocol document rendered by ``bot_api_doc`` (relative to the project root).
BOT_API_DOC = Path("docs") / "bot-api.md"


@lru_cache(maxsize=4)
def _rendered(path: str, mtime: float) -> str:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return md.render(Path(path).read_text(encoding="utf-8"))


def render_markdown_file(path: Path) -> str:
    """HTML of the markdown file ``path`` (str, safe to insert: raw HTML in the file is
    escaped). Raises ``OSError`` when the file cannot be read."""
    return _rendered(str(path), path.stat().st_mtime)


def bot_api_doc(request):
    """The bot protocol documentation page (docs/bot-api.md rendered, English like the file;
    the page around it is translated)."""
    html = render_markdown_file(Path(settings.BASE_DIR) / BOT_API_DOC)
    return render(request, "accounts/bot_api_doc.html", {"doc_html": mark_safe(html)})
