/**
 * The page the relay serves at `/`: it embeds the Stately inspector UI and forwards every event the
 * relay broadcasts into it. The inspector UI is a web app at stately.ai (it is the one part that
 * needs the network); the events themselves stay on this machine, relayed over localhost.
 */

/** The Stately inspector UI embedded by default. */
export const STATELY_INSPECTOR_URL = 'https://stately.ai/inspect';

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * HTML of the bridge page. It connects back to the relay at `ws://<its own host>` and holds events
 * until the embedded inspector announces itself (`@statelyai.connected`), so nothing sent before
 * the iframe loaded is lost.
 */
export function bridgePage(inspectorUrl: string = STATELY_INSPECTOR_URL): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>recover · Stately inspector</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style>
</head>
<body>
<iframe id="inspector" src="${escapeAttr(inspectorUrl)}" title="Stately inspector"></iframe>
<script>
  const frame = document.getElementById('inspector');
  const held = [];
  let ready = false;
  window.addEventListener('message', (e) => {
    if (e.data && e.data.type === '@statelyai.connected') {
      ready = true;
      for (const event of held.splice(0)) frame.contentWindow.postMessage(event, '*');
    }
  });
  const socket = new WebSocket('ws://' + location.host);
  socket.onmessage = (e) => {
    const event = JSON.parse(e.data);
    if (ready) frame.contentWindow.postMessage(event, '*'); else held.push(event);
  };
</script>
</body>
</html>
`;
}
