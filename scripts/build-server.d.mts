/** compiles server/src and common/ into `outdir` (default dist/server); answers the file count */
export function buildServer(outdir?: string): Promise<number>;
