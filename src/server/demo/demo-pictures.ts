import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo's property pictures, drawn here and stored by the portal like an upload, so the demo shows
 * its own pictures with no outside host. Flat illustrations: a house, a plot of land, a storage lot.
 */
export type DemoScene = 'house' | 'cottage' | 'fourplex' | 'land' | 'storage';

type Rgb = [number, number, number];
const W = 400;
const H = 300;

function png(width: number, height: number, pixels: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

class Canvas {
  readonly pixels = new Uint8Array(W * H * 3);
  rect(x0: number, y0: number, w: number, h: number, c: Rgb): void {
    for (let y = Math.max(0, y0); y < Math.min(H, y0 + h); y++) for (let x = Math.max(0, x0); x < Math.min(W, x0 + w); x++) this.pixels.set(c, (y * W + x) * 3);
  }
  /** A roof: a triangle from (x0, base) to (x1, base) with its top at (mid, top). */
  roof(x0: number, x1: number, base: number, top: number, c: Rgb): void {
    const mid = (x0 + x1) / 2;
    for (let y = top; y <= base; y++) {
      const half = ((y - top) / (base - top)) * ((x1 - x0) / 2);
      this.rect(Math.round(mid - half), y, Math.round(half * 2), 1, c);
    }
  }
  sky(top: Rgb, bottom: Rgb, horizon: number): void {
    for (let y = 0; y < horizon; y++) {
      const t = y / horizon;
      this.rect(0, y, W, 1, top.map((v, k) => Math.round(v + (bottom[k]! - v) * t)) as Rgb);
    }
  }
}

const WALLS: Record<string, Rgb> = { house: [236, 214, 178], cottage: [200, 222, 236], fourplex: [222, 190, 170] };

function building(c: Canvas, kind: 'house' | 'cottage' | 'fourplex'): void {
  const wide = kind === 'fourplex';
  const [x0, w] = wide ? [70, 260] : [120, 160];
  c.rect(x0, 140, w, 110, WALLS[kind]!);
  c.roof(x0 - 15, x0 + w + 15, 140, wide ? 80 : 70, kind === 'cottage' ? [70, 90, 120] : [140, 60, 50]);
  const windows = wide ? [90, 150, 230, 290] : [140, 235];
  for (const x of windows) c.rect(x, 165, 24, 24, [120, 170, 210]);
  c.rect(x0 + w / 2 - 14, 200, 28, 50, [110, 70, 40]);
}

/** A PNG picture of a demo property. */
export function demoPicture(scene: DemoScene): Buffer {
  const c = new Canvas();
  c.sky([120, 175, 230], [205, 228, 245], 200);
  c.rect(0, 200, W, 100, scene === 'land' ? [170, 190, 110] : [110, 160, 90]);
  if (scene === 'land') {
    for (let x = 10; x < W; x += 40) c.rect(x, 215, 4, 40, [120, 90, 60]); // fence posts
    c.rect(0, 225, W, 3, [120, 90, 60]);
    c.rect(0, 240, W, 3, [120, 90, 60]);
  } else if (scene === 'storage') {
    c.rect(0, 230, W, 70, [150, 150, 150]);
    for (let k = 0; k < 5; k++) {
      c.rect(20 + k * 76, 150, 68, 80, [196, 120, 60]);
      c.rect(28 + k * 76, 170, 52, 60, [160, 160, 165]);
    }
  } else {
    building(c, scene);
  }
  return png(W, H, c.pixels);
}
