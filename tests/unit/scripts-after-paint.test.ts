import { describe, expect, it } from 'vitest';
import { afterPaintLoader, LOAD_WAIT_CAP_MS, routePreloads } from '@server/pages/scripts-after-paint';

describe('afterPaintLoader', () => {
  const loader = afterPaintLoader(['/assets/entry-1.js', '/assets/react-2.js', '/assets/messages-de.js'], '/assets/entry-1.js');

  it('preloads the given files and imports the entry, once', () => {
    expect(loader).toContain('["/assets/entry-1.js","/assets/react-2.js","/assets/messages-de.js"]');
    expect(loader).toContain('import("/assets/entry-1.js")');
    expect(loader).toContain('if(started)return;started=true;');
  });

  it('starts after load and the next frame, at once in a background tab, and at the latest after the cap', () => {
    expect(loader).toContain("addEventListener('load',afterPaint,{once:true})");
    expect(loader).toContain('requestAnimationFrame(()=>setTimeout(start))');
    expect(loader).toContain('document.hidden?start()');
    expect(loader).toContain(`setTimeout(start,${LOAD_WAIT_CAP_MS})`);
  });

  it("preloads the chunks the routes of the page add, after the entry's own files", () => {
    const calls: string[] = [];
    const self: Record<string, unknown> = {};
    const document = {
      hidden: true,
      readyState: 'complete',
      head: { append: (link: { href: string }) => calls.push(link.href) },
      createElement: () => ({}),
    };
    new Function('self', routePreloads(['/assets/route-blog.js']))(self);
    // Run the loader with a stand-in document; import() is replaced so nothing is fetched.
    new Function('self', 'document', 'addEventListener', 'setTimeout', 'requestAnimationFrame', loader.replace(/import\(/, 'void ('))(
      self,
      document,
      () => undefined,
      () => undefined,
      () => undefined,
    );
    expect(calls).toEqual(['/assets/entry-1.js', '/assets/react-2.js', '/assets/messages-de.js', '/assets/route-blog.js']);
  });

  it('is valid JavaScript without a closing script tag in it', () => {
    expect(() => new Function(loader)).not.toThrow();
    expect(loader).not.toMatch(/<\/script/i);
  });
});
