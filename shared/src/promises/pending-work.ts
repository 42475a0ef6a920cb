const ignore = () => undefined;

/**
 * Work in flight, and a wait until all of it has settled, including any added while waiting.
 * Failures are not reported here: whoever started the work handles them.
 */
export class PendingWork {
  private readonly pending = new Set<Promise<unknown>>();

  add(work: Promise<unknown>): void {
    const settled = work.then(ignore, ignore);
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
