-- A product that never had a stock row (one added to the catalogue by hand) gets one with stock:
-- that too is leaving 0 for its back-in-stock requests (migration 0031 saw updates only).
CREATE TRIGGER product_stock_back_in_stock_first
  AFTER INSERT ON product_stock
  FOR EACH ROW WHEN (NEW.available > 0)
  EXECUTE FUNCTION back_in_stock_due();
