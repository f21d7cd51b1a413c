import { renderSVG } from 'uqr';

/**
 * The QR code of an otpauth:// address as SVG markup, made on the server (no QR library in the browser,
 * nothing sent to a third party). Medium error correction survives a smudged screen; a quiet zone of
 * four modules, as the standard asks, lets every scanner find it.
 */
export function qrCodeSvg(text: string): string {
  return renderSVG(text, { ecc: 'M', border: 4 });
}
