// Questions sent to another thread and waiting for its reply, by number.

export class PendingReplies<T> {
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (value: T) => void; reject: (error: Error) => void }>();

  /** Sends a question numbered by `send`, and waits for its answer. */
  ask(send: (id: number) => void): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      send(id);
    });
  }

  answer(id: number, value: T): void {
    this.waiting.get(id)?.resolve(value);
    this.waiting.delete(id);
  }

  fail(id: number, error: Error): void {
    this.waiting.get(id)?.reject(error);
    this.waiting.delete(id);
  }

  /** Fails every question still waiting (the other thread is gone). */
  failAll(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
