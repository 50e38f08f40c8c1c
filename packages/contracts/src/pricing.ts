// Schemas and types of the pricing calls, shared by web and API.
export {};
