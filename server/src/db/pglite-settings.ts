/**
 * The embedded PostgreSQL's memory settings. PGlite starts with PostgreSQL's server defaults
 * (128 MB of shared buffers), sized for a database server rather than a thread of a small app;
 * with them an idle `npm start` held ~900 MB RSS. 16 MB of buffers keep a reseller's few thousand
 * rows in memory; PGLITE_SHARED_BUFFERS_MB raises them for installs with thousands of monitors.
 */
export function embeddedServerSettings(sharedBuffersMb = 16): string[] {
  return [
    `shared_buffers=${sharedBuffersMb}MB`,
    // per sort or hash of one statement, and per index build: the engine's statements are small
    "work_mem=2MB",
    "maintenance_work_mem=16MB",
    "temp_buffers=2MB",
    "wal_buffers=1MB",
  ];
}
