// The lobby's "Create a game" form: show the fields and the seat range of the chosen game
// only. Rows marked data-games="kind ..." apply to those games: hidden and disabled (so not
// posted) for the others. The seat choices outside the game's range (data-seats-for) are
// disabled. Without this script every field shows and the server ignores what does not apply.
(function () {
  "use strict";

  var form = document.querySelector("form[data-game-form]");
  if (!form || !form.elements.kind) return;
  var kind = form.elements.kind;
  var seats = form.elements.max_seats;

  function each(selector, callback) {
    Array.prototype.forEach.call(form.querySelectorAll(selector), callback);
  }

  function setSeats(range) {
    if (!seats || !range) return;
    var low = parseInt(range.dataset.min, 10), high = parseInt(range.dataset.max, 10);
    var value = parseInt(seats.value, 10);
    Array.prototype.forEach.call(seats.options, function (option) {
      var n = parseInt(option.value, 10);
      option.disabled = n < low || n > high;
    });
    if (value < low) seats.value = String(low);
    else if (value > high) seats.value = String(high);
  }

  function update() {
    var chosen = kind.value;
    each("[data-games]", function (block) {
      var applies = block.dataset.games.split(" ").indexOf(chosen) !== -1;
      block.hidden = !applies;
      Array.prototype.forEach.call(
        block.querySelectorAll("input, select, textarea"),
        function (input) { input.disabled = !applies; }
      );
    });
    var range = null;
    each("[data-seats-for]", function (item) {
      var mine = item.dataset.seatsFor === chosen;
      item.hidden = !mine;
      if (mine) range = item;
    });
    setSeats(range);
  }

  kind.addEventListener("change", update);
  update();
})();
