import fp from 'fastify-plugin';

// Every answer says exactly what it is: a browser never sniffs an error or a JSON body into
// something it would run or render (the sandbox's HTML pages declare their own type).
export default fp(
  async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-content-type-options', 'nosniff');
      done();
    });
  },
  { name: 'security-headers' },
);
