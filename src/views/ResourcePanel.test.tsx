import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResourceView } from '../sim/trace/frame.ts';
import { ResourcePanel } from './ResourcePanel.tsx';

const view = (highest: number | null): ResourceView => ({
  id: 'pg-1',
  highest,
  accepted: 3,
  rejected: 0,
  recent: [],
});

describe('the protected resource panel', () => {
  it('leaves out "highest token seen" for a database that checks no token (Patroni)', () => {
    const db = renderToString(<ResourcePanel resource={view(null)} database carries="timeline" />);
    expect(db).toContain('Database: pg-1');
    expect(db).not.toContain('highest token seen');
    expect(db).toContain('accepted');
    // Fencing-token storage keeps it, "none" included, before the first token.
    expect(renderToString(<ResourcePanel resource={view(null)} database={false} />)).toContain(
      'highest token seen',
    );
    expect(renderToString(<ResourcePanel resource={view(43)} database={false} />)).toContain('43');
    // The primary's writes carry its timeline: named so, not a "token".
    const primary = renderToString(<ResourcePanel resource={view(2)} database carries="timeline" />);
    expect(primary).toContain('timeline');
    expect(primary).not.toContain('highest token seen');
    // A heartbeat node's copy of the data is stamped with the leader's term: it keeps the token label.
    expect(renderToString(<ResourcePanel resource={view(2)} database carries="term" />)).toContain(
      'highest token seen',
    );
  });
});
