"""Every page state at a phone's size (390x844) and a laptop's (1280x900): no text clipped
or spilling out of its box, no two texts on top of each other, on a phone the player's hand,
the question and the moves on the first screen, and axe-core's zero serious or critical
violation. Game pages in English and in French; the lobby, the create form and a profile.

States are built through the services (tests/e2e/layout_setup.py), not by playing through
the pages; one browser, one page per size and language, reused. Screenshots of every state
are written under test-results/layout/ (not committed) for a reviewer.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import ROOT
from .test_table_ui import assert_accessible

pytestmark = pytest.mark.e2e

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
SHOTS = ROOT / "test-results" / "layout"

# In the page: the texts clipped by their box or spilling out of it, the texts drawn over
# one another, and whether the document scrolls sideways.
PROBLEMS = r"""
() => {
  const visible = (el) => {
    if (el.closest('[hidden], .visually-hidden, template, svg, script, style')) return false;
    // closed <details>, display:none, visibility:hidden, opacity 0: nothing drawn
    if (!el.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true})) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || +style.opacity === 0) return false;
    const r = el.getBoundingClientRect();
    return r.width > 2 && r.height > 2;
  };
  const label = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') +
    ' "' + (el.innerText || el.value || '').trim().slice(0, 40) + '"';
  const clipped = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    if (['auto', 'scroll'].includes(style.overflowX)) continue;  // scrolls: nothing is lost
    const hasText = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const isField = el.tagName === 'SELECT' || (el.tagName === 'INPUT' && el.type !== 'checkbox' && el.type !== 'radio');
    if (!hasText && !isField) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) clipped.push(label(el));
    if (el.tagName === 'SELECT') {
      const option = el.options[el.selectedIndex];
      const probe = document.createElement('span');
      probe.textContent = option ? option.text : '';
      probe.style.cssText = '';
      probe.className = 'layout-probe';
      probe.setAttribute('style', 'position:absolute;visibility:hidden;white-space:nowrap;font:' + style.font);
      document.body.appendChild(probe);
      const needed = probe.getBoundingClientRect().width + 24;  // the arrow
      probe.remove();
      if (needed > el.clientWidth + 1) clipped.push(label(el) + ' (select text cut)');
    }
  }
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim() || !node.parentElement || !visible(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      // what a scrolling or clipping box shows of it (a scrolled log's hidden lines: nothing)
      let r = {left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom};
      for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
        const s = getComputedStyle(box);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = box.getBoundingClientRect();
        r = {left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
             top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom)};
      }
      if (r.right - r.left > 1 && r.bottom - r.top > 1) texts.push({el: node.parentElement, r});
    }
  }
  const overlaps = [];
  for (let i = 0; i < texts.length && overlaps.length < 10; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i], b = texts[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 2) overlaps.push(label(a.el) + ' over ' + label(b.el));
    }
  }
  const sideways = document.documentElement.scrollWidth > window.innerWidth + 1;
  return {clipped, overlaps, sideways};
}
"""

# On a phone, with a move to make: the hand, the question and the moves on the first screen.
FIRST_SCREEN = r"""
() => {
  const bottom = (sel) => { const el = document.querySelector(sel); return el ? el.getBoundingClientRect().bottom + window.scrollY : null; };
  return {moves: bottom('#move-form button[name="action"]'), hand: bottom('[data-testid="my-hand"]'),
          question: bottom('[data-testid="move-context"], #move-form-title'), height: window.innerHeight};
}
"""


@pytest.fixture(scope="module")
def states(site):
    out = subprocess.run(
        [sys.executable, "tests/e2e/layout_setup.py"],
        cwd=ROOT,
        env=site.env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def check(page, where):
    problems = page.evaluate(PROBLEMS)
    found = []
    if problems["clipped"]:
        found.append(f"clipped or overflowing: {problems['clipped'][:8]}")
    if problems["overlaps"]:
        found.append(f"texts overlap: {problems['overlaps'][:5]}")
    if problems["sideways"]:
        found.append("the page scrolls sideways")
    assert not found, f"{where}: " + "; ".join(found)
    assert_accessible(page, where)


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_state_fits(browser, site, states, size):
    failures = []
    contexts = {}
    for lang in ("en", "fr"):
        context = browser.new_context(
            base_url=site.base_url, bypass_csp=True, viewport=SIZES[size], locale=lang
        )
        context.add_cookies([{"name": "django_language", "value": lang, "url": site.base_url}])
        contexts[lang] = context
    pages = {}

    def page_for(lang, viewer):
        key = (lang, viewer)
        if key not in pages:
            context = contexts[lang]
            # one session per viewer: a page of its own, reused for all their states
            context.add_cookies(
                [{"name": "sessionid", "value": states["sessions"][viewer], "url": site.base_url}]
            )
            pages[key] = context.new_page()
        return pages[key]

    def visit(lang, viewer, path, name, *, first_screen=False):
        page = page_for(lang, viewer)
        context = contexts[lang]
        context.add_cookies(
            [{"name": "sessionid", "value": states["sessions"][viewer], "url": site.base_url}]
        )
        page.goto(path)
        page.wait_for_load_state("domcontentloaded")
        where = f"{name} ({size}, {lang})"
        shoot(page, f"{name}-{size}-{lang}")
        try:
            check(page, where)
            if first_screen and size == "phone":
                found = page.evaluate(FIRST_SCREEN)
                assert found["moves"] is not None, f"{where}: no move button"
                assert found["hand"] is not None, f"{where}: the hand is not with the moves"
                for part in ("moves", "hand", "question"):
                    assert found[part] <= found["height"], f"{where}: {part} below the fold"
        except AssertionError as error:
            failures.append(str(error))

    for state in states["states"]:
        for lang in ("en", "fr"):
            visit(
                lang,
                state["viewer"],
                f"/games/{state['game']}/",
                state["name"],
                first_screen=state["name"].endswith(("move", "window")),
            )
    someone = next(iter(states["sessions"]))
    for path, name in (
        ("/games/", "lobby"),
        ("/games/new/", "create"),
        (states["profile"], "profile"),
    ):
        for lang in ("en", "fr"):
            visit(lang, someone, path, name)
    for context in contexts.values():
        context.close()
    assert not failures, "\n".join(failures)
