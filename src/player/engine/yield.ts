/**
 * A macrotask scheduler: fn runs after the events already queued (input, messages). A MessageChannel
 * and not setTimeout(0), which browsers clamp to 4 ms once nested, a tax on every slice.
 */
export function macrotask(): (fn: () => void) => void {
  const channel = new MessageChannel();
  const queue: Array<() => void> = [];
  channel.port1.onmessage = () => queue.shift()?.();
  // In Node (tests, the CLI) an open port would keep the process alive after its last job.
  (channel.port1 as { unref?: () => void }).unref?.();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(null);
  };
}
