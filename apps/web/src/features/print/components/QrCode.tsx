import QRCode from 'qrcode';
import { useMemo } from 'react';

/** A QR code as an SVG of its dark modules (sharp on screen and paper). */
export function QrCode({ text, sizeMm }: { text: string; sizeMm: number }) {
  const { n, path } = useMemo(() => {
    const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const size = code.modules.size;
    let d = '';
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (code.modules.get(r, c)) d += `M${c} ${r}h1v1h-1z`;
    return { n: size, path: d };
  }, [text]);
  return (
    <svg
      viewBox={`0 0 ${n} ${n}`}
      style={{ width: `${sizeMm}mm`, height: `${sizeMm}mm`, display: 'block' }}
      shapeRendering="crispEdges"
      role="img"
      aria-label={text}
      data-testid="print-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
