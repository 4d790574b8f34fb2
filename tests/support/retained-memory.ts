import WebSocket from "ws";

/**
 * What a server process started with `--inspect=127.0.0.1:<port>` still holds after a full garbage
 * collection, in MB: V8's heap in use plus the memory outside it (Buffers: cached pages and their
 * compressed copies). Asked through the inspector protocol, the way a debugger would: resident
 * memory alone moves with when V8 last collected, which a loaded machine delays.
 */
export async function retainedMemoryMb(inspectorPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { value?: string } }>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: { result?: { value?: string } } };
        if (message.id !== id) return;
        socket.off("message", onMessage);
        resolve(message.result ?? {});
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }), (error) => error && reject(error));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const { result } = await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    const usage = JSON.parse(result!.value!) as { heapUsed: number; external: number };
    return (usage.heapUsed + usage.external) / 1024 / 1024;
  } finally {
    socket.close();
  }
}
