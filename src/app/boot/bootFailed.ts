/**
 * The message for a page whose app could not be fetched (offline on a first visit, or a deploy that
 * replaced the build under an open tab): the prerendered picture is inert, so without this the page
 * would look alive and do nothing. Its three sentences live here rather than in src/i18n because the
 * strings are in the chunks that failed.
 */
const TEXT = {
  en: ['The lab could not be loaded: it needs the network for its first visit.', 'Reload'],
  pt: ['Não foi possível carregar o laboratório: a primeira visita precisa da rede.', 'Recarregar'],
  ru: ['Не удалось загрузить лабораторию: для первого посещения нужна сеть.', 'Перезагрузить'],
} as const;

/** The language the app would have opened in: the link's `lang`, else the saved choice, else English. */
function language(search: string): keyof typeof TEXT {
  const known = (v: string | null | undefined) =>
    v && Object.hasOwn(TEXT, v) ? (v as keyof typeof TEXT) : null;
  const link = known(new URLSearchParams(search).get('lang')?.trim().toLowerCase());
  if (link) return link;
  try {
    return known(localStorage.getItem('leader-election-lab.lang')) ?? 'en';
  } catch {
    return 'en'; // Storage is off.
  }
}

export function showBootFailed(doc: Document, search: string, reload: () => void): void {
  const [text, button] = TEXT[language(search)];
  const box = doc.createElement('div');
  box.className = 'chunk-failed chunk-floating';
  box.setAttribute('role', 'alert');
  const p = doc.createElement('p');
  p.className = 'chunk-failed-text';
  p.textContent = text;
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = 'button';
  b.textContent = button;
  b.addEventListener('click', reload);
  box.append(p, b);
  doc.body.prepend(box);
}
