#!/usr/bin/env node
// An adapter that keeps proposing the same fix: the protocol refuses to loop (infinite_loop).
console.log(JSON.stringify({ fix: 'Add null check before accessing payload.exp', confidence: 0.8 }));
