import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  amount_total: number;
  currency: 'usd';
  metadata: Record<string, string>;
}

/**
 * A local server answering the Stripe API calls the shop makes (create, retrieve and expire a
 * Checkout Session) in Stripe's wire format, so the real Stripe library is exercised without the network.
 */
export async function startFakeStripe() {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  let next = 0;

  const readForm = async (req: IncomingMessage) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    return Object.fromEntries(new URLSearchParams(body));
  };

  const server: Server = createServer(async (req, res) => {
    const form = await readForm(req);
    const path = req.url ?? '';
    requests.push({
      method: req.method ?? '',
      path,
      form,
      idempotencyKey: req.headers['idempotency-key'] as string,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${next}` });
      res.end(JSON.stringify(body));
    };
    if (!String(req.headers.authorization).startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      let amount = 0;
      for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
        amount +=
          Number(form[`line_items[${i}][quantity]`]) *
          Number(form[`line_items[${i}][price_data][unit_amount]`]);
      }
      const id = `cs_test_fake${++next}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        amount_total: amount,
        currency: 'usd',
        metadata: {
          orderId: form['metadata[orderId]'] ?? '',
          orderNumber: form['metadata[orderNumber]'] ?? '',
        },
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]!));
      if (!session)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
      if (session.status !== 'open')
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          },
        });
      session.status = 'expired';
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
