import fp from 'fastify-plugin';

// Every answer says exactly what it is: a browser never sniffs an error or a JSON body into
// something it would run or render (the sandbox's HTML pages declare their own type).
export default fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      return payload;
    });
  },
  { name: 'security-headers' },
);
