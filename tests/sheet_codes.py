"""Reading a sheet's QR codes back: a page of the PDF (the first by default) rendered
(pypdfium2) and every QR code on it decoded (zxing-cpp), as a phone's camera would."""

from __future__ import annotations

import pypdfium2 as pdfium
import zxingcpp

SCALE = 200 / 72  # dots per point: a printer's resolution, coarser than a phone's camera sees


def read_codes(pdf: bytes, page: int = 0) -> list[str]:
    """The text of every QR code on a page of the PDF (the first by default), top to bottom,
    left to right."""
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[page].render(scale=SCALE).to_pil()
    finally:
        document.close()
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    found = sorted(found, key=lambda r: (r.position.top_left.y // 50, r.position.top_left.x))
    return [r.text for r in found]
