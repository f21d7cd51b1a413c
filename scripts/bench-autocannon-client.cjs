// autocannon's setupClient hook for bench-autocannon.mjs: each answer's body is not appended to a string
// (which decodes it as UTF-8: most of the load generator's CPU for a compressed body). The bytes are still
// counted (the socket's data handler), and no run of the benchmark checks bodies (verifyBody, expectBody).
module.exports = (client) => {
  client.pipelinedRequests.addBody = () => {};
};
