/**
 * What a rendered app becomes to sit in a page as a picture (the default view in index.html, a link's
 * picture in its data file): closed panels, dialogs and the message canvas go (nothing is in flight
 * at rest, and the app brings its own), and so do ids and the data attributes scripts and tests find
 * the live nodes by. Style attributes are handed to `styleOf`, which returns what replaces them: the
 * page's CSP allows no inline style in markup.
 */
export function staticCopy(el: Element, styleOf: (decl: string, n: Element) => void): void {
  for (const n of el.querySelectorAll('[hidden], dialog:not([open]), canvas')) n.remove();
  for (const n of el.querySelectorAll('[style]')) {
    const decl = (n.getAttribute('style') ?? '').trim();
    n.removeAttribute('style');
    if (decl) styleOf(decl, n);
  }
  for (const n of el.querySelectorAll('[id]')) n.removeAttribute('id');
  for (const a of ['data-node', 'data-compare-node', 'data-testid'])
    for (const n of el.querySelectorAll(`[${a}]`)) n.removeAttribute(a);
}

/** Marks the copy's app element as a picture: inert and hidden from assistive technology. */
export function markPicture(app: Element, attr: string): void {
  app.setAttribute(attr, '');
  app.setAttribute('inert', '');
  app.setAttribute('aria-hidden', 'true');
}
