import type { Process, ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { EMAIL_MARK } from './keys.ts';

/**
 * The mail provider: an HTTP API outside the database's transaction, so a call made before COMMIT
 * stays made whatever the transaction does next (the side effect the outbox exists for;
 * microservices.io, "Pattern: Transactional outbox"). It sends every request it gets, and counts the
 * e-mails per job so the second one of a job shows. A provider that takes an idempotency key (the
 * `Idempotency-Key` header of draft-ietf-httpapi-idempotency-key-header, as Stripe's API does) would
 * drop a repeated key; this one, like plain SMTP, does not.
 * SEND_EMAIL {job, by, key?} -> MAIL_OK {job}
 */
export function mailProcess(): ProcessFactory {
  return (env: ProcessEnv): Process => {
    const sent = new Map<string, number>();
    let total = 0;
    return {
      receive(m) {
        if (m.type !== 'SEND_EMAIL') return;
        const job = String(m.body.job);
        const count = (sent.get(job) ?? 0) + 1;
        sent.set(job, count);
        total += 1;
        env.mark(EMAIL_MARK, { job, by: String(m.body.by ?? m.from), count, total });
        env.send(m.from, 'MAIL_OK', { job });
      },
      stop() {},
      state: () => ({ sent, total }),
    };
  };
}
