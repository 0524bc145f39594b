import { scopeToHost } from './attributes.ts';
import css from './player.css?inline';

let sheet: CSSStyleSheet | null = null;

/**
 * The player's styles as one constructable stylesheet shared by every player on the page, adopted
 * by each shadow root: no <style> element and no inline style attribute, so a host page with a
 * strict Content-Security-Policy (style-src 'self') runs it unchanged.
 */
export function playerSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(scopeToHost(css));
  }
  return sheet;
}

/** The shadow root a player renders into (created once per host element), with the styles adopted. */
export function playerShadow(host: HTMLElement): { shadow: ShadowRoot; mount: HTMLElement } {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  if (!shadow.adoptedStyleSheets.includes(playerSheet()))
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, playerSheet()];
  let mount = shadow.querySelector<HTMLElement>('.player-mount');
  if (!mount) {
    mount = document.createElement('div');
    mount.className = 'player-mount';
    shadow.append(mount);
  }
  return { shadow, mount };
}
