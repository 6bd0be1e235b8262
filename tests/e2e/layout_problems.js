// The layout test's probe (tests/e2e/test_layout.py): clipped texts, overlaps, sideways scroll.
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
