// The e2e web server: a real SMTP server that captures every mail into $E2E_DATA_DIR/mail/, then the
// production server (dist/server/main.js) configured to send its mail there. With E2E_FAKE_PRINTFUL_PORT
// set, the fake Printful API (fake-printful-server.mjs) runs on that port beside it, as a child process
// that ends with this one; the server's PRINTFUL_API_URL must point there.
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
const mailDir = join(dataDir, 'mail');
mkdirSync(mailDir, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((address) => address.address);
      const file = join(mailDir, `${String(++count).padStart(5, '0')}.json`);
      // Written aside and renamed: a test polling the folder never reads a mail half written.
      writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;

process.on('exit', () => smtp.close());

const fakePrintfulPort = process.env.E2E_FAKE_PRINTFUL_PORT;
if (fakePrintfulPort) {
  const fake = spawn(process.execPath, [new URL('./fake-printful-server.mjs', import.meta.url).pathname, fakePrintfulPort], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => fake.kill());
  // It prints one line, {"url": …}, once it listens.
  await new Promise((resolve, reject) => {
    fake.once('exit', (code) => reject(new Error(`the fake Printful server exited with ${code}`)));
    createInterface({ input: fake.stdout }).once('line', resolve);
  });
}

await import(new URL('../../dist/server/main.js', import.meta.url).href);
