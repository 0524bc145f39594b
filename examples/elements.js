// Shows the elements' events (bubbling CustomEvents whose detail follows the postMessage protocol).
const out = document.getElementById('events');
for (const type of ['ready', 'step', 'ended'])
  document.addEventListener(type, (e) => {
    if (!(e.target instanceof HTMLElement) || e.target.localName !== 'leader-election-player') return;
    out.textContent = `${e.target.id}: ${type} (step ${e.detail.step} of ${e.detail.stepCount})`;
  });
