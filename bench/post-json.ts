import http from 'node:http';

/**
 * A POST answered as JSON, through node:http rather than fetch: fetch gives up on an answer whose headers
 * take over 300 s, and a slow step at the large tier (an import, a run, a batch) is a figure to report,
 * not an error. A refusal rejects with its status and the start of its body.
 */
export function postJson<T>(url: string, headers: Record<string, string>, body: Buffer, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`${what}: ${res.statusCode} ${text.slice(0, 300)}`));
        else resolve(JSON.parse(text) as T);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
