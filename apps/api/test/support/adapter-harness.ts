import { afterAll, beforeAll } from 'vitest';
import { AlipayProvider } from '../../src/modules/payments/alipay.provider';
import { type SandboxKeys } from '../../src/modules/payments/sandbox/keys';
import { WechatPayProvider } from '../../src/modules/payments/wechat.provider';
import { startFakeGatewayServer, type FakeGateways, type FakeGatewayServer } from './fake-gateways';

// What the adapter tests share: the real adapters built with the sandbox keys, pointed at a fake
// gateway server (one that answers, one that never does), and unique payment numbers.

export function alipayAdapter(keys: SandboxKeys, gateway: string, timeoutMs = 5_000): AlipayProvider {
  return new AlipayProvider({
    gateway,
    appId: keys.alipay.appId,
    privateKey: keys.alipay.appPrivateKey,
    alipayPublicKey: keys.alipay.alipayPublicKey,
    sellerId: keys.alipay.sellerId,
    timeoutMs,
  });
}

export function wechatAdapter(keys: SandboxKeys, baseUrl: string, timeoutMs = 5_000): WechatPayProvider {
  return new WechatPayProvider({
    baseUrl,
    mchid: keys.wechat.mchid,
    appId: keys.wechat.appId,
    privateKey: keys.wechat.merchantPrivateKey,
    serial: keys.wechat.merchantSerial,
    apiV3Key: keys.wechat.apiV3Key,
    platformPublicKey: keys.wechat.platformPublicKey,
    platformSerial: keys.wechat.platformSerial,
    timeoutMs,
  });
}

/** The fake gateway server for the file's tests (`server`) and one that accepts and never answers (`hanging`). */
export function useFakeGatewayServers(fakes: FakeGateways): { readonly server: FakeGatewayServer; readonly hanging: FakeGatewayServer } {
  let server: FakeGatewayServer | undefined;
  let hanging: FakeGatewayServer | undefined;
  beforeAll(async () => {
    server = await startFakeGatewayServer(fakes);
    hanging = await startFakeGatewayServer(null, { hang: true });
  });
  afterAll(async () => {
    await server?.close();
    await hanging?.close();
  });
  const need = (value: FakeGatewayServer | undefined) => {
    if (!value) throw new Error('fake gateway servers not started (use them inside a test)');
    return value;
  };
  return {
    get server() {
      return need(server);
    },
    get hanging() {
      return need(hanging);
    },
  };
}

let counter = 0;
/** A payment number no other test uses. */
export const uniquePaymentNo = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;
