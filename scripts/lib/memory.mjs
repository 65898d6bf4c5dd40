/** Memory and CPU readings for the benchmarks (Linux /proc). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Resident memory of a process and its descendants, in kB. */
export function rssKb(pid) {
  let total = 0;
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'));
  total += m ? Number(m[1]) : 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const file = `/proc/${pid}/task/${task}/children`;
    if (!existsSync(file)) continue;
    for (const child of readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean)) total += rssKb(Number(child));
  }
  return total;
}

/**
 * The processor time (user + system) a process and its descendants have used so far, in ms; null off Linux.
 * Counts the children that have ended too (cutime, cstime), so the figure never drops when one does.
 */
export function cpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  let total = (Number(fields[11]) + Number(fields[12])) * 10;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const file = `/proc/${pid}/task/${task}/children`;
    if (!existsSync(file)) continue;
    for (const child of readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean)) total += cpuMs(Number(child)) ?? 0;
  }
  return total;
}

/**
 * A Node process's memory after a full garbage collection, through its inspector (the process was started
 * with --inspect=127.0.0.1:`inspectPort`): HeapProfiler.collectGarbage, then process.memoryUsage() read
 * inside it. Answers { heapUsedKb, rssKb }, or null when the inspector cannot be reached.
 */
export async function afterGc(inspectPort) {
  let target;
  try {
    [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  } catch {
    return null;
  }
  const WebSocketImpl = globalThis.WebSocket ?? (await import('ws')).default;
  const socket = new WebSocketImpl(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    const result = await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const usage = JSON.parse(result.result.value);
    return { heapUsedKb: Math.round(usage.heapUsed / 1024), rssKb: Math.round(usage.rss / 1024) };
  } finally {
    socket.close();
  }
}

/** Writes a heap snapshot of the process behind `inspectPort` to `file` (HeapProfiler.takeHeapSnapshot). */
export async function heapSnapshot(inspectPort, file) {
  const { createWriteStream } = await import('node:fs');
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const WebSocketImpl = globalThis.WebSocket ?? (await import('ws')).default;
  const socket = new WebSocketImpl(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const out = createWriteStream(file);
  const done = new Promise((resolve) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.method === 'HeapProfiler.addHeapSnapshotChunk') out.write(message.params.chunk);
      else if (message.id === 1) resolve();
    };
  });
  socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } }));
  await done;
  socket.close();
  await new Promise((r) => out.end(r));
}
