import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as adminActivity from "~/api/calls/admin.activity.server.ts";
import * as adminOverview from "~/api/calls/admin.overview.server.ts";
import * as categoryGetCategories from "~/api/calls/category.getCategories.server.ts";
import * as orderAddNote from "~/api/calls/order.addNote.server.ts";
import * as orderCancelOrder from "~/api/calls/order.cancelOrder.server.ts";
import * as orderConfirmOrder from "~/api/calls/order.confirmOrder.server.ts";
import * as orderCreateOrder from "~/api/calls/order.createOrder.server.ts";
import * as orderGetAllOrders from "~/api/calls/order.getAllOrders.server.ts";
import * as orderGetOrderById from "~/api/calls/order.getOrderById.server.ts";
import * as orderUpdateOrder from "~/api/calls/order.updateOrder.server.ts";
import * as productAddProduct from "~/api/calls/product.addProduct.server.ts";
import * as productDeletebyID from "~/api/calls/product.deletebyID.server.ts";
import * as productEdit from "~/api/calls/product.edit.server.ts";
import * as productGetAllProducts from "~/api/calls/product.getAllProducts.server.ts";
import * as productGetProductById from "~/api/calls/product.getProductById.server.ts";
import * as productGetProductsByCategories from "~/api/calls/product.getProductsByCategories.server.ts";
import * as productGetVisible from "~/api/calls/product.getVisible.server.ts";
import * as productSearch from "~/api/calls/product.search.server.ts";
import * as settingsDelivery from "~/api/calls/settings.delivery.server.ts";
import * as upload from "~/api/calls/upload.server.ts";
import { apiJson } from "~/platform/http/api-response.server.ts";

type ApiCall = {
  loader: (args: LoaderFunctionArgs) => Promise<Response> | Response;
  action: (args: ActionFunctionArgs) => Promise<Response> | Response;
};

/**
 * Every `/api/` call (docs/api.md), one module each in app/api/calls/, answered by this one route
 * (decision 027). As 20 routes of their own they made Remix's route table 50 routes long, and
 * every page render matches its URL against the whole table four or five times (~0.15 ms each):
 * a third of the table for calls a page never is. The call is named by Remix's own splat match.
 */
const CALLS: Record<string, ApiCall> = {
  "admin/activity": adminActivity,
  "admin/overview": adminOverview,
  "category/getCategories": categoryGetCategories,
  "order/addNote": orderAddNote,
  "order/cancelOrder": orderCancelOrder,
  "order/confirmOrder": orderConfirmOrder,
  "order/createOrder": orderCreateOrder,
  "order/getAllOrders": orderGetAllOrders,
  "order/getOrderById": orderGetOrderById,
  "order/updateOrder": orderUpdateOrder,
  "product/addProduct": productAddProduct,
  "product/deletebyID": productDeletebyID,
  "product/edit": productEdit,
  "product/getAllProducts": productGetAllProducts,
  "product/getProductById": productGetProductById,
  "product/getProductsByCategories": productGetProductsByCategories,
  "product/getVisible": productGetVisible,
  "product/search": productSearch,
  "settings/delivery": settingsDelivery,
  upload: upload,
};
const CALLS_BY_NAME = new Map(Object.entries(CALLS).map(([name, call]) => [name.toLowerCase(), call]));

/** The call a path names: Remix's own splat match (decoded as it decodes paths), any letter case, trailing slashes ignored. */
function callFor(params: LoaderFunctionArgs["params"]) {
  return CALLS_BY_NAME.get((params["*"] ?? "").replace(/\/+$/, "").toLowerCase());
}

/** Any /api/ path that is not a known call answers 404 in JSON, whatever the method. */
function notFound({ request }: { request: Request }) {
  return apiJson({ error: `Unknown API call: ${new URL(request.url).pathname}` }, { status: 404 });
}

export const loader = (args: LoaderFunctionArgs) => (callFor(args.params)?.loader ?? notFound)(args);
export const action = (args: ActionFunctionArgs) => (callFor(args.params)?.action ?? notFound)(args);
