/**
 * The simulator's game page script and style, served as same-origin files (the page's CSP allows no
 * inline script or style). The script reads the table id from the page, plays through the simulator's
 * own `/games/<vendor>/play` endpoint (the simulator, not the browser, signs the calls to the portal)
 * and tells the embedding portal that the balance changed.
 */
export const simPageScript = `'use strict';
(function () {
  var root = document.getElementById('table');
  var vendor = root.getAttribute('data-vendor');
  var table = root.getAttribute('data-table');
  var balanceText = document.getElementById('balance');
  var result = document.getElementById('result');
  var history = document.getElementById('history');
  var stake = document.getElementById('stake');
  var play = document.getElementById('play');
  var picks = Array.prototype.slice.call(document.querySelectorAll('[data-pick]'));
  var chosen = picks.length > 0 ? picks[0].getAttribute('data-pick') : null;

  function choose(button) {
    chosen = button.getAttribute('data-pick');
    picks.forEach(function (other) { other.setAttribute('aria-pressed', String(other === button)); });
  }
  picks.forEach(function (button) {
    button.addEventListener('click', function () { choose(button); });
  });
  if (picks.length > 0) choose(picks[0]);

  function post(path, body) {
    return fetch('/games/' + encodeURIComponent(vendor) + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, json: json }; });
    });
  }
  function tellPortal() {
    // The portal (another origin) re-reads the balance; the message carries nothing secret.
    if (window.parent !== window) window.parent.postMessage({ type: 'balance' }, '*');
  }
  function showBalance(balance) { balanceText.textContent = balance; }

  post('/balance', { table: table }).then(function (reply) {
    if (reply.ok) showBalance(reply.json.balance);
    else result.textContent = reply.json.message || 'Balance unavailable';
  });

  play.addEventListener('click', function () {
    play.disabled = true;
    result.textContent = '...';
    post('/play', { table: table, stake: stake.value, pick: chosen || undefined })
      .then(function (reply) {
        if (!reply.ok) {
          result.textContent = reply.json.message || 'Refused';
          return;
        }
        var round = reply.json;
        showBalance(round.balance);
        result.textContent = round.won ? 'Won ' + round.winAmount + ' (' + round.outcome + ')' : 'No win (' + round.outcome + ')';
        var item = document.createElement('li');
        item.textContent = round.roundId + ': ' + round.outcome + ', bet ' + round.stake + ', win ' + round.winAmount;
        history.insertBefore(item, history.firstChild);
        while (history.children.length > 10) history.removeChild(history.lastChild);
        tellPortal();
      })
      .catch(function () { result.textContent = 'Network error'; })
      .then(function () { play.disabled = false; });
  });
})();
`;

export const simPageStyle = `
:root { color-scheme: dark light; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; background: #101522; color: #f3f5fa; display: grid; place-items: center; }
@media (prefers-color-scheme: light) { body { background: #f4f6fb; color: #141a28; } }
main { width: min(92vw, 420px); padding: 1.25rem; border-radius: 12px; background: rgb(127 127 127 / 0.12); }
h1 { font-size: 1.2rem; margin: 0 0 0.25rem; }
.note { font-size: 0.8rem; opacity: 0.75; margin: 0 0 1rem; }
.picks { display: flex; gap: 0.5rem; flex-wrap: wrap; margin-bottom: 1rem; }
button { font: inherit; padding: 0.6rem 0.9rem; border-radius: 8px; border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
button[aria-pressed='true'] { background: #2f6fed; border-color: #2f6fed; color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
#play { width: 100%; background: #16a34a; border-color: #16a34a; color: #fff; font-weight: 700; }
#play:disabled { opacity: 0.6; cursor: wait; }
label { display: block; margin-bottom: 1rem; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border-radius: 8px; border: 1px solid currentColor; background: transparent; color: inherit; }
#result { min-height: 1.5em; font-weight: 600; }
ol { padding-left: 1.2rem; font-size: 0.8rem; opacity: 0.85; }
`;
