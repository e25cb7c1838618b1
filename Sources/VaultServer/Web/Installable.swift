import Hummingbird
import VaultCore

/// What makes the web view an app a phone puts on its home screen and opens without the
/// network: a web app manifest, the icon (SVG, and PNG at 192 and 512 px for the systems that
/// want those), and a service worker that keeps the pages as last seen. Served from the binary,
/// without the access token (they hold nothing of the vault); the pages the worker keeps are
/// only those this browser was already shown.
enum Installable {
  /// The files, by address, none of which is a page of the vault.
  static let paths = [
    "/manifest.webmanifest", "/sw.js", "/assets/icon.svg", "/assets/icon-192.png", "/assets/icon-512.png",
  ]

  /// The accent colour of the light theme (Assets.css's `--accent`), the icon's background.
  static let accent = (red: UInt8(0x1a), green: UInt8(0x5b), blue: UInt8(0xc4))

  static func register(on router: Router<WebContext>) {
    let files: [(String, String, @Sendable () -> [UInt8])] = [
      ("/manifest.webmanifest", "application/manifest+json", { Array(manifest.utf8) }),
      ("/sw.js", "text/javascript", { Array(serviceWorker.utf8) }),
      ("/assets/icon.svg", "image/svg+xml", { Array(iconSVG.utf8) }),
      ("/assets/icon-192.png", "image/png", { icon192 }),
      ("/assets/icon-512.png", "image/png", { icon512 }),
    ]
    for (path, type, bytes) in files {
      let handler = { @Sendable (request: Request, _: WebContext) async throws -> Response in
        Assets.response(bytes(), type: type, request)
      }
      router.get(RouterPath(path), use: handler)
      router.on(RouterPath(path), method: .head, use: handler)
    }
  }

  static let manifest = """
    {
      "name": "vault",
      "short_name": "vault",
      "description": "The planner of a plain-text vault: today, the calendar, tasks and the journal.",
      "start_url": "/",
      "scope": "/",
      "display": "standalone",
      "background_color": "#fbfbf8",
      "theme_color": "#1a5bc4",
      "icons": [
        {"src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        {"src": "/assets/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "/assets/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}
      ]
    }

    """

  /// A white tick on the accent colour, inside the middle 80 % (what a maskable icon keeps).
  static let iconSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="#1a5bc4"/>
    <polyline points="28,52 44,68 74,36" fill="none" stroke="#ffffff" stroke-width="9"
     stroke-linecap="round" stroke-linejoin="round"/>
    </svg>

    """

  /// Network first; what comes back is kept, and without the network the page as last seen (or
  /// a page that says so). Never the live stream, CalDAV or the feeds, and never a change.
  static let serviceWorker = #"""
    "use strict";
    // vault's service worker: the pages without the network, as this browser last saw them.
    const CACHE = "vault-pages-1";
    const SHELL = ["/assets/app.css", "/assets/app.js", "/assets/icon.svg"];

    self.addEventListener("install", (event) => {
      event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
    });

    self.addEventListener("activate", (event) => {
      event.waitUntil(caches.keys()
        .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
        .then(() => self.clients.claim()));
    });

    function offline() {
      const page = '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>Offline · vault</title><link rel="stylesheet" href="/assets/app.css"></head>' +
        '<body><main id="main"><h1>Offline</h1><p class="advice">This page was not opened here before, ' +
        'and the server cannot be reached. The pages opened before are here as they were; ' +
        'this one comes back with the network.</p><p><a href="/">Today</a></p></main></body></html>';
      return new Response(page, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }

    self.addEventListener("fetch", (event) => {
      const request = event.request;
      const url = new URL(request.url);
      if (request.method !== "GET" || url.origin !== self.location.origin) return;
      if (url.pathname === "/live" || url.pathname.startsWith("/dav") || url.pathname.endsWith(".ics")) return;
      event.respondWith((async () => {
        try {
          const response = await fetch(request);
          // Only whole pages of the vault: not "not yet" (503) nor an error.
          if (response.status === 200 && response.type === "basic") {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        } catch (error) {
          const kept = await caches.match(request);
          return kept || (request.mode === "navigate" ? offline() : Response.error());
        }
      })());
    });
    """#

  static let icon192 = iconPNG(size: 192)
  static let icon512 = iconPNG(size: 512)

  /// The SVG's tick drawn at `size` pixels, with its edges smoothed: an 8-bit palette PNG of
  /// 16 shades from the accent to white, in stored (uncompressed) deflate blocks, which needs
  /// no compression library (512 px: 263 KB, fetched once).
  static func iconPNG(size: Int) -> [UInt8] {
    let scale = Double(size) / 100
    let points = [(28.0, 52.0), (44.0, 68.0), (74.0, 36.0)].map { ($0.0 * scale, $0.1 * scale) }
    let half = 4.5 * scale
    func distance(_ x: Double, _ y: Double, _ a: (Double, Double), _ b: (Double, Double)) -> Double {
      let (dx, dy) = (b.0 - a.0, b.1 - a.1)
      let t = max(0, min(1, ((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)))
      let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y)
      return (px * px + py * py).squareRoot()
    }
    var rows: [UInt8] = []
    rows.reserveCapacity((size + 1) * size)
    for y in 0..<size {
      rows.append(0)  // filter: none
      for x in 0..<size {
        let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
        let nearest = min(distance(cx, cy, points[0], points[1]), distance(cx, cy, points[1], points[2]))
        let cover = max(0, min(1, half - nearest + 0.5))
        rows.append(UInt8((cover * 15).rounded()))
      }
    }
    var palette: [UInt8] = []
    for shade in 0..<16 {
      let white = Double(shade) / 15
      for channel in [accent.red, accent.green, accent.blue] {
        palette.append(UInt8((Double(channel) * (1 - white) + 255 * white).rounded()))
      }
    }
    var header: [UInt8] = []
    for value in [UInt32(size), UInt32(size)] { header += bigEndian(value) }
    header += [8, 3, 0, 0, 0]  // 8 bits, palette, deflate, no filter, no interlace
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", header) + chunk("PLTE", palette) + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    return png
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  /// A zlib stream of stored blocks (RFC 1950, 1951 3.2.4).
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let count = min(65_535, data.count - start)
      let last: UInt8 = start + count == data.count ? 1 : 0
      out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
      out += data[start..<start + count]
      start += count
    } while start < data.count
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }

  static func crc32(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }
}
