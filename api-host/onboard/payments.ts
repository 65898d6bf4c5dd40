/**
 * The stand-in payment provider, shaped like the hosted-field providers (Stripe Elements, Braintree
 * Hosted Fields): the card is typed into the provider's own page, framed by the wizard, which answers a
 * payment-method id with the card's brand and last four digits (window.postMessage to the framing
 * origin). Neither the app nor the API ever sees a card number; this stand-in keeps only the brand, the
 * last four digits and how a charge will end. Published test numbers: TEST_CARDS (4242… succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds).
 *
 * Routes outside the contract: GET /pay/card?origin (the hosted card form), POST /pay/v1/payment_methods.
 * chargeCard is the API's side: in production the API charges through the provider's server API with the
 * same idempotency key (the invitation), so a replayed purchase is never charged twice.
 */
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ONBOARD_MESSAGES } from '../../lib/contract/onboard-constants';
import type { Db } from '../core/db';
import { badRequest } from '../core/errors';
import { prepared } from '../core/sql';

type Outcome = 'succeeded' | 'declined' | 'insufficient_funds';
const OUTCOMES: Readonly<Record<string, Outcome>> = { '4000000000000002': 'declined', '4000000000009995': 'insufficient_funds' };

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

const cardInput = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  exp: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'Enter the expiry as MM/YY.'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.'),
});

function expired(exp: string, now = new Date()): boolean {
  const [, mm, yy] = /^(\d{2})\s*\/\s*(\d{2})$/.exec(exp)!;
  const end = new Date(Date.UTC(2000 + Number(yy), Number(mm), 1));
  return end <= now;
}

/** Charges a payment method once per idempotency key; a declined card throws 400 on paymentMethod. */
export function chargeCard(db: Db, paymentMethod: string, amountCents: number, idempotencyKey: string): void {
  const pm = prepared<{ outcome: Outcome }>(db, 'SELECT outcome FROM payment_method WHERE id = ?').get(paymentMethod);
  if (!pm) throw badRequest(ONBOARD_MESSAGES.paymentMissing, { paymentMethod: [ONBOARD_MESSAGES.paymentMissing] });
  if (pm.outcome !== 'succeeded') {
    const message = pm.outcome === 'declined' ? ONBOARD_MESSAGES.declined : ONBOARD_MESSAGES.insufficientFunds;
    throw badRequest(message, { paymentMethod: [message] });
  }
  prepared(
    db,
    'INSERT INTO payment_charge (payment_method, amount_cents, idempotency_key) VALUES (?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING',
  ).run(paymentMethod, amountCents, idempotencyKey);
}

/** The origin a card form may answer to: an http(s) origin, nothing else. */
function framingOrigin(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw);
    return /^https?:$/.test(url.protocol) && url.origin === raw ? url.origin : null;
  } catch {
    return null;
  }
}

function cardPage(origin: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Card details</title><style nonce="${nonce}">
body{font:14px system-ui,sans-serif;margin:0;padding:4px;color:#0f172a}label{display:block;font-weight:500;margin:6px 0 2px}
input{box-sizing:border-box;width:100%;padding:8px;border:1px solid #cbd5e1;border-radius:6px;font:inherit}
.row{display:flex;gap:8px}.row>div{flex:1}button{margin-top:10px;padding:8px 14px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}
#msg{min-height:1.2em;margin-top:6px}.err{color:#b91c1c}.ok{color:#166534}</style></head><body>
<form id="f" novalidate><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23">
<div class="row"><div><label for="exp">Expiry (MM/YY)</label><input id="exp" name="exp" autocomplete="cc-exp" maxlength="7"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4"></div></div>
<button type="submit">Use this card</button><p id="msg" role="status" aria-live="polite"></p></form>
<script nonce="${nonce}">
const ORIGIN=${JSON.stringify(origin)};const f=document.getElementById('f');const msg=document.getElementById('msg');
function say(t,ok){msg.textContent=t;msg.className=ok?'ok':'err';}
window.addEventListener('message',(e)=>{if(e.origin===ORIGIN&&e.data&&e.data.type==='payment-reset'){f.reset();say('');}});
f.addEventListener('submit',async(e)=>{e.preventDefault();say('Checking…',true);
try{const r=await fetch('v1/payment_methods',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({number:f.number.value,exp:f.exp.value,cvc:f.cvc.value})});
const a=await r.json();if(!r.ok){say(a.error||'Your card could not be checked.');return;}
say('Card ending '+a.last4+' ready.',true);window.parent.postMessage({type:'payment-method',id:a.id,brand:a.brand,last4:a.last4},ORIGIN);
}catch{say('The card service could not be reached. Please try again.');}});
</script></body></html>`;
}

export function mountPayments(app: FastifyInstance, db: Db): void {
  app.get('/pay/card', (request, reply) => {
    const origin = framingOrigin((request.query as Record<string, unknown>).origin);
    if (!origin) return reply.status(400).type('text/plain').send('origin must be the framing page’s http(s) origin');
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; frame-ancestors ${origin}`,
      )
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(cardPage(origin, nonce));
  });

  app.post('/pay/v1/payment_methods', (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = cardInput.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]?.message ?? 'Invalid card details' });
    const { number, exp } = parsed.data;
    if (!luhnValid(number)) return reply.status(400).send({ error: 'Your card number is invalid.' });
    if (expired(exp)) return reply.status(400).send({ error: 'Your card has expired.' });
    const id = `pm_${createHash('sha256').update(randomBytes(16)).digest('base64url').slice(0, 24)}`;
    const answer = { id, brand: cardBrand(number), last4: number.slice(-4) };
    prepared(db, 'INSERT INTO payment_method (id, brand, last4, outcome) VALUES (?, ?, ?, ?)').run(
      id,
      answer.brand,
      answer.last4,
      OUTCOMES[number] ?? 'succeeded',
    );
    return answer;
  });
}
