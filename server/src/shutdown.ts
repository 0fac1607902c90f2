/**
 * SIGTERM/SIGINT: `close` gets `graceMs` to finish what is under way (requests, checks, the
 * database's own close); past it the process exits anyway, so a stuck database thread or a
 * retailer that never answers cannot keep a service manager waiting. A second signal exits at once.
 */
export function boundedShutdown(graceMs: number, close: () => Promise<void>): () => void {
  let closing = false;
  return () => {
    if (closing) process.exit(1);
    closing = true;
    const timer = setTimeout(() => {
      console.error(`Encerramento: ${graceMs} ms passaram sem tudo fechar; a sair mesmo assim`);
      process.exit(1);
    }, graceMs);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`Encerramento com erro: ${error.message}`);
        process.exit(1);
      },
    );
  };
}
