import { memo, useId } from 'react';
import { t } from '../i18n/index.ts';
import type { ProxyState } from '../player/proxy.ts';

export interface ProxyPanelProps {
  proxy: ProxyState;
}

/** The proxy in front of the databases: where it routes writes, its backends' health, where writes landed. */
export const ProxyPanel = memo(
  function ProxyPanel({ proxy }: ProxyPanelProps) {
    const titleId = useId();
    return (
      <section className="panel proxy-panel" aria-labelledby={titleId}>
        <header className="panel-head">
          <h2 id={titleId}>{t('proxy.title', { id: proxy.id })}</h2>
          {proxy.failed > 0 && (
            <span className="chip danger">{t('proxy.failed', { count: proxy.failed })}</span>
          )}
        </header>
        <p className="route" data-route={proxy.route ?? ''}>
          <span className="muted">{t('proxy.routesTo')}</span>{' '}
          <strong className={`mono${proxy.route ? '' : ' danger'}`}>
            {proxy.route ? `→ ${proxy.route}` : t('proxy.noRoute')}
          </strong>
        </p>
        <table className="backends">
          <thead>
            <tr>
              <th scope="col">{t('proxy.backend')}</th>
              <th scope="col">{t('proxy.health')}</th>
              <th scope="col" className="num">
                {t('proxy.landed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {proxy.backends.map((b) => {
              const landed = proxy.landed.find((l) => l.backend === b.id);
              return (
                <tr key={b.id} className={`${b.up ? 'up' : 'down'}${proxy.route === b.id ? ' routed' : ''}`}>
                  <th scope="row" className="mono">
                    {proxy.route === b.id && (
                      <span className="routed-mark" aria-hidden="true">
                        ▶{' '}
                      </span>
                    )}
                    {b.id}
                  </th>
                  <td className="health">
                    <span aria-hidden="true">{b.up ? '▲ ' : '▼ '}</span>
                    {b.up ? (b.since === null ? t('proxy.upInitial') : t('proxy.up')) : t('proxy.down')}
                  </td>
                  <td className="num mono">{landed ? landed.accepted : 0}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    );
  },
  // The state is derived anew every animation frame; redraw only when something in it changed.
  (a, b) => a.proxy === b.proxy || JSON.stringify(a.proxy) === JSON.stringify(b.proxy),
);
