// Schemas and types of the orders calls, shared by web and API.
export {};
