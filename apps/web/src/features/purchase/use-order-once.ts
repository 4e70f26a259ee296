import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { OrderDetail } from '@mawingu/contracts/purchase';
import { getOrderDetail } from '../../api/purchase/get-order-detail.ts';
import type { OrderReply } from '../../api/purchase/create-order.ts';
import type { PurchaseKind } from '../../app/paths.ts';
import type { PurchaseKindHandler } from './kinds/purchase-kinds.ts';
import { rememberedOrder, rememberOrder } from './order-memory.ts';
import type { PurchaseSpec } from './purchase-spec.ts';

export type OrderLoad =
  { status: 'loading' } | { status: 'ready'; order: OrderDetail } | { status: 'failed'; message: string } | { status: 'nothing' };

// One load per history entry at a time: React's StrictMode runs an effect twice, and both runs
// must share the one CreateOrder call.
const inFlight = new Map<string, Promise<OrderReply | null>>();

function loadOnce(entry: string, kind: PurchaseKind, spec: PurchaseSpec | null, handler: PurchaseKindHandler): Promise<OrderReply | null> {
  const key = `${kind}:${entry}`;
  const running = inFlight.get(key);
  if (running) return running;
  const remembered = rememberedOrder(entry, kind);
  let load: Promise<OrderReply | null>;
  if (remembered !== null) load = getOrderDetail(remembered);
  else if (spec)
    load = handler.createOrder(spec).then((result) => {
      if (result.ok) rememberOrder(entry, kind, result.reply.data.orderID);
      return result;
    });
  else load = Promise.resolve(null);
  inFlight.set(key, load);
  const clear = () => void inFlight.delete(key);
  load.then(clear, clear);
  return load;
}

/**
 * The order of this /purchasedetails entry: created on entry from the spec object (exactly once),
 * or read again with getOrderDetail when this entry already created one (a reload, Back to it).
 * `onFailed` runs once with the server's message when neither works.
 */
export function useOrderOnce(
  kind: PurchaseKind,
  handler: PurchaseKindHandler,
  spec: PurchaseSpec | null,
  onFailed: (message: string) => void,
): OrderLoad {
  const { key: entry } = useLocation();
  const [load, setLoad] = useState<{ entry: string; state: OrderLoad } | null>(null);

  useEffect(() => {
    let live = true;
    void loadOnce(entry, kind, spec, handler).then((result) => {
      if (!live) return;
      if (!result) setLoad({ entry, state: { status: 'nothing' } });
      else if (result.ok) setLoad({ entry, state: { status: 'ready', order: result.reply.data } });
      else {
        setLoad({ entry, state: { status: 'failed', message: result.reply.message } });
        onFailed(result.reply.message);
      }
    });
    return () => {
      live = false;
    };
    // The spec and the handler belong to the entry: a new entry is the only reason to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry, kind]);

  return load?.entry === entry ? load.state : { status: 'loading' };
}
