// The layout test's probe: where the moves, the hand and the question end (px from the top).
() => {
  const bottom = (sel) => { const el = document.querySelector(sel); return el ? el.getBoundingClientRect().bottom + window.scrollY : null; };
  return {moves: bottom('#move-form button[name="action"]'), hand: bottom('[data-testid="my-hand"]'),
          question: bottom('[data-testid="move-context"], #move-form-title'), height: window.innerHeight};
}
