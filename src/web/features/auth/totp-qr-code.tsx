import { useEffect, useRef } from 'react';

/** The otpauth:// address as a QR code, drawn in the browser: the secret never goes to another service. */
export function TotpQrCode({ url }: { url: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // Loaded when needed: only an admin enrolling ever draws one, so the login page ships without it.
    void import('qrcode').then(({ default: QRCode }) => {
      if (canvas.current) return QRCode.toCanvas(canvas.current, url, { width: 192, margin: 1, errorCorrectionLevel: 'M' });
    });
  }, [url]);
  return <canvas ref={canvas} width={192} height={192} role="img" aria-label="QR code for your authenticator app" className="d-block mx-auto" />;
}
