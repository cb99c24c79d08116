/** boardgame.io's server with its file storage (FlatFile), on the port and folder given. */
const { Server, FlatFile } = require('boardgame.io/server');
const { Melee } = require('./melee.cjs');

const [port, dir] = process.argv.slice(2);
const server = Server({ games: [Melee], db: new FlatFile({ dir, logging: false }) });
server.run(Number(port), () => console.log('ready'));
