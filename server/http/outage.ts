import type { NextFunction, Request, Response } from "express";
import { isDatabaseUnavailable } from "../db/client";
import { currentRequest } from "./request-context";

/** Seconds a client is asked to wait when the database is out of reach. */
const RETRY_AFTER_S = 5;

/** Notes an error of the current request that means the database is out of reach; true if it was. */
export function noteDatabaseOutage(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const state = currentRequest();
  if (state) state.databaseUnavailable = true;
  return true;
}

/** The status a failed request answers: 503 (try again soon) when the database was out of reach. */
export function outageStatus(status: number): number {
  return status >= 500 && currentRequest()?.databaseUnavailable ? 503 : status;
}

/**
 * Applies outageStatus to whatever React Router answers: pages (whose error page says the same),
 * data requests of client-side navigations and resource routes alike.
 */
export function databaseOutageStatus() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const setStatus = res.status.bind(res);
    res.status = (code: number) => {
      const status = outageStatus(code);
      if (status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_S));
      return setStatus(status);
    };
    next();
  };
}
