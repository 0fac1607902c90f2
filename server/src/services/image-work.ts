import { HttpError } from "../http-error.js";

/**
 * Image decoding (sharp) runs on libuv's thread pool, the one scrypt hashes passwords on: twelve
 * photos decoding at once made everyone's login wait 15 s. One image at a time leaves the other
 * pool threads to logins; a few more wait their turn and past them the upload is refused at once.
 */
export class ImageWorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = 1,
    readonly maxWaiting = 8,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpError(503, "Demasiadas imagens em processamento; tente de novo dentro de instantes");
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // the slot passes straight to the next in line, so `running` never drops while some wait
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get busy() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** the process's one queue: every photo decode and thumbnail goes through it */
export const imageWork = new ImageWorkQueue();
