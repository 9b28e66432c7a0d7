/**
 * The Redis connection BullMQ runs on: an ioredis client for REDIS_URL, named
 * so `CLIENT LIST` tells the API from the workers. `maxRetriesPerRequest: null`
 * is what BullMQ requires of connections it blocks on; it duplicates this one
 * for its blocking readers (queue events, workers).
 */
import { Redis } from "ioredis";

export function redisConnection(url: string, connectionName: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName });
}
