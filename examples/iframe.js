// Host side of the iframe example: sends commands to the embedded player, logs its events.
const SOURCE = 'leader-election-lab';
const frame = document.getElementById('player');
const log = document.getElementById('log');
// The player is served by the same app here; on a docs site this is the lab's own address.
const playerOrigin = window.location.origin;
const src = new URL('../', window.location.href);
src.search = new URLSearchParams({
  embed: '1',
  scenario: 'fencing-token',
  controls: 'full',
  origin: window.location.origin,
}).toString();
frame.src = src.href;

const send = (message) => frame.contentWindow.postMessage({ source: SOURCE, v: 1, ...message }, playerOrigin);

window.addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow || e.origin !== playerOrigin) return;
  if (e.data === null || typeof e.data !== 'object' || e.data.source !== SOURCE) return;
  const { type, scenario, step, stepCount, t, playing, error } = e.data;
  const item = document.createElement('li');
  // textContent: a message is data, never markup. The whole message stays in data-json.
  item.textContent =
    `${type}: ${scenario} step ${step}/${stepCount}, t ${t} ms${playing ? ', playing' : ''}` +
    (error ? ` (${error})` : '');
  item.dataset.type = String(type);
  item.dataset.json = JSON.stringify(e.data);
  log.append(item);
  item.scrollIntoView({ block: 'nearest' });
});

const on = (id, fn) => document.getElementById(id).addEventListener('click', fn);
on('play', () => send({ type: 'play' }));
on('pause', () => send({ type: 'pause' }));
on('get-state', () => send({ type: 'get-state' }));
on('seek', () => send({ type: 'seek', step: Number(document.getElementById('step').value) }));
on('select', () => send({ type: 'select', scenario: document.getElementById('scenario').value }));
on('malformed', () => send({ type: 'seek', step: '3; alert(1)' }));
